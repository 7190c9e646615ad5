package main

import "robocom/corewars/redcode/pmars"

// `robocom mars` is cli.Mars, shared with the robocom-mars command (cmd/robocom-mars), which
// holds nothing else and so starts faster.

func marsUsage() string { return pmars.UsageText() }
