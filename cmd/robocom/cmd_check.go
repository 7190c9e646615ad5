package main

// runCheck is "robocom check" (CLI.md).
func runCheck(args []string) int { return notBuilt("check") }
