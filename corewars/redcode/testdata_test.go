package redcode

import "testing"

// The self-contained set in testdata/ (copied from the pMARS corpus) keeps a
// plain clone testing itself: battles here, listings and rejections in package pmars.

func TestTestdataBattles(t *testing.T) {
	for _, r := range readTSV(t, "testdata/battles.tsv") {
		checkBattleIn(t, "testdata/warriors", r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])
	}
}
