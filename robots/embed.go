// Package robots holds the sample RoboCom programs that the arena offers as default players:
// Mine (the original documentation's example) and one program for each of the game's main
// strategies. robots_test.go checks that each does what its comment says.
package robots

import "embed"

// FS holds the sample programs (*.rob).
//
//go:embed *.rob
var FS embed.FS

// RC3FS holds the sample programs for the option sets rc3 and rc3m, in rc3/ (RC3.md): they
// load only with the RC3 instructions, so they are not offered as classic players.
//
//go:embed rc3
var RC3FS embed.FS

// CoreFS holds the sample Core War programs, in core/ (.cw, .vna and .red files).
//
//go:embed core
var CoreFS embed.FS
