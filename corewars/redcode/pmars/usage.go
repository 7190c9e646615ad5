package pmars

// UsageText is pMARS's usage text, as "pmars" prints it before a usage error; robocom help
// mars shows it, and robocom mars prints it before refusing a file it will not read.
func UsageText() string { return usageText() }
