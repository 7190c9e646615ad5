package main

// runBattle is "robocom battle" (CLI.md).
func runBattle(args []string) int { return notBuilt("battle") }
