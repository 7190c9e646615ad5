package arena

import "sync"

// The large buffers of a game (the robots alone are 3n² × 256 bytes, 196 KB on the classic
// board) are reused from game to game through Release: a tournament plays thousands of games,
// and fresh memory for each costs page faults, zeroing, garbage collection and cache misses
// (RATIONALE.md "Arena scheduling", fourth pass).
type buffers struct {
	n        int
	board    []int32   // n², all zero
	frontOf  []int32   // 4n², immutable: shared by every game on an n×n board
	robots   []robot   // length 0, capacity 3n²; old slots keep their banks arrays for reuse
	remap    []int32   // 3n²
	words    int       // bitset words per wheel bucket
	wheel    []uint64  // wheelSize × words, all zero
	far      [][]entry // farSlots, each empty
	overflow heap      // empty
	quiet    []uint32  // 3n² + 1 (any values) or nil
	watch    []watch   // 3n² (any values) or nil
}

var bufferPool sync.Pool // of *buffers

// takeBuffers returns cleared buffers for an n×n board, reused when a released game left some.
func takeBuffers(n int) *buffers {
	if b, ok := bufferPool.Get().(*buffers); ok && b.n == n {
		return b
	}
	words := (3*n*n + 63) / 64
	return &buffers{
		n:        n,
		board:    make([]int32, n*n),
		frontOf:  neighboursOf(n),
		robots:   make([]robot, 0, 3*n*n),
		remap:    make([]int32, 3*n*n),
		words:    words,
		wheel:    make([]uint64, wheelSize*words),
		far:      make([][]entry, farSlots),
		overflow: make(heap, 0, 16),
	}
}

var neighbourTables sync.Map // n → []int32 (immutable)

// neighboursOf returns the neighbours table of an n×n board (see neighbours), made once.
func neighboursOf(n int) []int32 {
	if t, ok := neighbourTables.Load(n); ok {
		return t.([]int32)
	}
	t, _ := neighbourTables.LoadOrStore(n, neighbours(n))
	return t.([]int32)
}

// Release hands the game's large buffers on to the next game made with New. Call it when
// done with a game (after its Result): the game must not be used afterwards. Games that are
// never released are simply collected.
func (g *Game) Release() {
	if g.robots == nil {
		return
	}
	clear(g.board)
	clear(g.wheel)
	g.refillFar(nil)
	bufferPool.Put(&buffers{n: g.n, board: g.board, frontOf: g.frontOf, robots: g.robots[:0],
		remap: g.remap, words: g.words, wheel: g.wheel, far: g.far, overflow: g.overflow[:0], quiet: g.quiet, watch: g.watch})
	*g = Game{over: true}
}
