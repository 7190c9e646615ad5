// Package core holds the sample Core War programs in the arena's other core languages, for
// the Core War window to offer: the VNA Code document's The Bomber and Bomb Evader (as
// written, and fixed), and original .cw programs (Imp, Dwarf, Replicator, Imp Killer).
// corewars/cw/samples_test.go and corewars/vna/samples_test.go check that each does what
// its comment says.
package core

import "embed"

// FS holds the sample programs (*.cw, *.vna).
//
//go:embed *.cw *.vna
var FS embed.FS
