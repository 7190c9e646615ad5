package main

// runCore is "robocom core" (CLI.md).
func runCore(args []string) int { return notBuilt("core") }
