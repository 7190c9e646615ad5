package redcode

import (
	"fmt"
	"strconv"
)

// ParseSettings reads the option strings the engine's tests use ("-s 8000
// -F 500 -P ...") and finishes them for two warriors. pMARS's command line
// itself, with its messages and parameter files, is package pmars.
func ParseSettings(args []string) (*Settings, error) {
	st := DefaultSettings()
	for i := 0; i < len(args); i++ {
		flag := args[i]
		num := func() (int64, error) {
			if i+1 >= len(args) {
				return 0, fmt.Errorf("%s needs a value", flag)
			}
			i++
			return strconv.ParseInt(args[i], 10, 64)
		}
		var n int64
		var err error
		switch flag {
		case "-r", "-s", "-c", "-p", "-l", "-d", "-F", "-S":
			n, err = num()
		}
		if err != nil {
			return nil, err
		}
		switch flag {
		case "-r":
			st.Rounds = int(n)
		case "-s":
			st.CoreSize = int(n)
		case "-c":
			st.Cycles = n
		case "-p":
			st.MaxProcesses = int(n)
		case "-l":
			st.MaxLength = int(n)
		case "-d":
			st.MinDistance = int(n)
		case "-F":
			st.FixedPos = int(n)
		case "-S":
			st.PSpaceSize = int(n)
		case "-8":
			st.Strict88 = true
		case "-f":
			st.FixedSeries = true
		case "-P":
			st.Permute = true
		case "-b":
			st.Brief = true
		case "-k":
			st.KotH = true
		case "-o":
			st.SortByScore = true
		default:
			return nil, fmt.Errorf("unknown option %q", flag)
		}
	}
	if err := st.Finish(2); err != nil {
		return nil, err
	}
	return st, nil
}
