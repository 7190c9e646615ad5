package termtext

import (
	"slices"
	"testing"
)

func TestTellApart(t *testing.T) {
	for _, c := range []struct {
		names, files, want []string
	}{
		{[]string{"Imp", "Dwarf"}, []string{"imp.red", "dwarf.red"}, []string{"Imp", "Dwarf"}},
		{[]string{"Imp", "Imp", "Dwarf"}, []string{"imp.red", "imp2.red", "dwarf.red"}, []string{"Imp (imp.red)", "Imp (imp2.red)", "Dwarf"}},
		{[]string{"Imp", "Imp"}, []string{"imp.red", "imp.red"}, []string{"Imp (imp.red) #1", "Imp (imp.red) #2"}},
		{[]string{"A", "A"}, nil, []string{"A #1", "A #2"}},
	} {
		if got := TellApart(c.names, c.files); !slices.Equal(got, c.want) {
			t.Errorf("TellApart(%q, %q) = %q, want %q", c.names, c.files, got, c.want)
		}
	}
}
