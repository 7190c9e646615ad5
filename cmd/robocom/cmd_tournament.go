package main

// runTournament is "robocom tournament" (CLI.md).
func runTournament(args []string) int { return notBuilt("tournament") }
