package termtext

import (
	"fmt"
	"slices"
)

// TellApart returns names (as shown: clipped and escaped) told apart where two look the
// same: by their files' names (shown too), then by their places, "Imp (imp.red)" and
// "Imp (imp.red) #3". Both windows and the command line's tables name players so wherever
// several are listed.
func TellApart(names, files []string) []string {
	out := slices.Clone(names)
	count := map[string]int{}
	for _, n := range names {
		count[n]++
	}
	for i, n := range names {
		if count[n] > 1 && i < len(files) {
			out[i] = fmt.Sprintf("%s (%s)", n, files[i])
		}
	}
	count = map[string]int{}
	for _, n := range out {
		count[n]++
	}
	for i := range out {
		if count[out[i]] > 1 {
			out[i] += fmt.Sprintf(" #%d", i+1)
		}
	}
	return out
}
