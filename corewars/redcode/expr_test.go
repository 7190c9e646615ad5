package redcode

import "testing"

func TestEvaluatePrecedence(t *testing.T) {
	tests := []struct {
		text string
		want int64
		bad  bool
	}{
		{"1+2*3", 7, false}, {"4-2*3+1", -3, false}, {"2*3+1", 7, false}, {"10-2*3-1", 5, false},
		{"1-2-3", -4, false}, {"2-3*4-5", -5, false}, {"8/2/2", 2, false}, {"6-4/2+1", 3, false},
		{"1+2*3+4", 11, false}, {"1-2*3*4+5", -28, false}, {"1+2*3<8", 1, false}, {"1+2*3==7", 0, true},
		{"1+2*3!=7", 0, false}, {"2*3==6", 1, false}, {"1==1==1", 1, false}, {"3>2>1", 0, false},
		{"1&&0||1", 1, false}, {"(4-2*3)+1", -1, false}, {"-7/2", -3, false}, {"-7%2", -1, false},
		{"7%-2", 1, false}, {"!3+1", 1, false}, {"-2*3", -6, false}, {"5--3", 8, false},
		{"1 2", 0, true}, {"(1", 0, true}, {"1)", 0, true},
	}
	for _, tc := range tests {
		var regs [26]int64
		got, st := evaluate(tc.text, &regs)
		if tc.bad {
			if st != evalBad {
				t.Errorf("%q: status %v, want bad expression", tc.text, st)
			}
			continue
		}
		if st != evalOK || got != tc.want {
			t.Errorf("%q = %d (status %v), want %d", tc.text, got, st, tc.want)
		}
	}
	var regs [26]int64
	if v, st := evaluate("z=3+4", &regs); v != 7 || st != evalOK || regs['z'-'a'] != 7 {
		t.Errorf("z=3+4: %d %v", v, st)
	}
	if v, _ := evaluate("(y=2)*y", &regs); v != 4 {
		t.Errorf("(y=2)*y = %d", v)
	}
	if _, st := evaluate("0&&1/0", &regs); st != evalDivZero {
		t.Errorf("0&&1/0: status %v", st)
	}
}
