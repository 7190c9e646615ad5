package redcode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The self-contained set in testdata/ (copied from the pMARS corpus) keeps a
// plain clone testing itself: battles, listings and rejections.

func TestTestdataBattles(t *testing.T) {
	for _, r := range readTSV(t, "testdata/battles.tsv") {
		checkBattleIn(t, "testdata/warriors", r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])
	}
}

func TestTestdataListings(t *testing.T) {
	for _, r := range readTSV(t, "testdata/listings.tsv") {
		args := append(strings.Fields(r[2]), filepath.Join("testdata/warriors", r[1]))
		var out, errb strings.Builder
		rc := RunPMARS(args, strings.NewReader(""), &out, &errb)
		if r[3] == "error3" {
			want, err := os.ReadFile(filepath.Join("testdata/listings", strings.TrimSuffix(r[0], ".lst")+".err"))
			if err != nil {
				t.Fatal(err)
			}
			if rc != 3 || errb.String() != string(want) {
				t.Errorf("%s: exit %d, stderr %s", r[1], rc, firstDiff(errb.String(), string(want)))
			}
			continue
		}
		want, err := os.ReadFile(filepath.Join("testdata/listings", r[0]))
		if err != nil {
			t.Fatal(err)
		}
		if rc != 0 || out.String() != string(want) {
			t.Errorf("%s: exit %d, listing %s", r[1], rc, firstDiff(out.String(), string(want)))
		}
	}
}
