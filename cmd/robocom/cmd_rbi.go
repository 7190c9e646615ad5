package main

// runRBI is "robocom rbi" (CLI.md).
func runRBI(args []string) int { return notBuilt("rbi") }
