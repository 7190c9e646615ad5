package srcerr

import "testing"

func TestErrorFormat(t *testing.T) {
	cases := []struct {
		e    Error
		want string
	}{
		{Error{"a.rob", 3, 7, "unknown instruction \"X\""}, "a.rob:3:7: unknown instruction \"X\""},
		{Error{"", 3, 7, "m"}, "3:7: m"},
		{Error{"a.red", 3, 0, "m"}, "a.red:3: m"},
		{Error{"a.rob", 0, 0, "m"}, "a.rob: m"},
		{Error{"", 0, 0, "m"}, "m"},
	}
	for _, c := range cases {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

func TestList(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Error("empty list is an error")
	}
	l.Add("b.rob", 2, 1, "second")
	l.Add("b.rob", 1, 5, "first")
	l.Add("a.rob", 9, 9, "other file")
	l.Add("b.rob", 1, 5, "at the same place, found later")
	l.Add("b.rob", 1, 5, "at the same place, found last")
	l.Sort()
	want := "a.rob:9:9: other file\nb.rob:1:5: at the same place, found last\nb.rob:1:5: at the same place, found later\nb.rob:1:5: first\nb.rob:2:1: second"
	if got := l.Err().Error(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
