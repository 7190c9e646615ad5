package corewars

// Owners records for every cell the process that last wrote it and the time slice of that
// write, and keeps per process the number of cells it owns, so the statistics never scan
// the core. Programs are loaded with Claim (owned, but not a write), the game writes with Set.
type Owners struct {
	owner   []int32 // -1: nobody
	written []int64 // -1: never written during the game
	counts  []int
}

// NewOwners returns the records of a core of size cells shared by processes processes.
func NewOwners(size, processes int) *Owners {
	o := &Owners{owner: make([]int32, size), written: make([]int64, size), counts: make([]int, processes)}
	for i := range o.owner {
		o.owner[i] = -1
		o.written[i] = -1
	}
	return o
}

func (o *Owners) take(addr, p int) {
	if old := o.owner[addr]; old != int32(p) {
		if old >= 0 {
			o.counts[old]--
		}
		o.counts[p]++
		o.owner[addr] = int32(p)
	}
}

// Claim gives the cell to process p without counting it as a write (loading).
func (o *Owners) Claim(addr, p int) { o.take(addr, p) }

// Set records that process p wrote the cell during time slice cycle.
func (o *Owners) Set(addr, p int, cycle int64) {
	o.take(addr, p)
	o.written[addr] = cycle
}

// Owner is the process that last wrote the cell, -1 if none has.
func (o *Owners) Owner(addr int) int { return int(o.owner[addr]) }

// Written is the time slice of the cell's last write, -1 if never.
func (o *Owners) Written(addr int) int64 { return o.written[addr] }

// Count is the number of cells process p owns.
func (o *Owners) Count(p int) int { return o.counts[p] }
