package robolang

import "testing"

func TestErrorFormat(t *testing.T) {
	cases := []struct {
		e    Error
		want string
	}{
		{Error{"a.rob", Pos{3, 7}, "unknown instruction \"X\""}, "a.rob:3:7: unknown instruction \"X\""},
		{Error{"", Pos{3, 7}, "m"}, "3:7: m"},
		{Error{"a.rob", Pos{}, "m"}, "a.rob: m"},
		{Error{"", Pos{}, "m"}, "m"},
	}
	for _, c := range cases {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	var l ErrorList
	if l.Err() != nil {
		t.Error("empty list is an error")
	}
	l.Add("b.rob", Pos{2, 1}, "second")
	l.Add("b.rob", Pos{1, 5}, "first")
	l.Add("a.rob", Pos{9, 9}, "other file")
	l.Sort()
	if got, want := l.Err().Error(), "a.rob:9:9: other file\nb.rob:1:5: first\nb.rob:2:1: second"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
