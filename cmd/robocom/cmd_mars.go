package main

// runMars is "robocom mars" (CLI.md).
func runMars(args []string) int { return notBuilt("mars") }
