// Package core holds the sample Core War programs in the arena's three core languages, for
// the Core War window to offer: classic kinds of Redcode warrior written for this project in
// '94 Redcode (Imp, Dwarf, Paper, Scanner), the VNA Code document's The Bomber and Bomb
// Evader (as written, and fixed), and original .cw programs (Imp, Dwarf, Replicator, Imp
// Killer). corewars/redcode/samples_test.go, corewars/cw/samples_test.go and
// corewars/vna/samples_test.go check that each does what its comment says.
package core

import "embed"

// FS holds the sample programs (*.red, *.cw, *.vna).
//
//go:embed *.red *.cw *.vna
var FS embed.FS
