package main

import (
	"robocom/arena"
	"robocom/corewars/play"
	"robocom/internal/hill"
)

// hillGames are the games a hill file may hold, by the name it stores: internal/hill knows
// none of them and gets them from here.
var hillGames = map[string]hill.Decoder{
	"robocom": func(options, _, _ string) (hill.Game, error) {
		g, err := arena.DecodeHillGame(options)
		if err != nil {
			return nil, err
		}
		return g, nil
	},
	"core": func(_, language, params string) (hill.Game, error) {
		g, err := play.DecodeHillGame(language, params)
		if err != nil {
			return nil, err
		}
		return g, nil
	},
}

// openHillFile opens a hill with the games this program knows: to change it, or only to
// read it (nothing in the file or beside it is then written).
func openHillFile(path string, write bool) (*hill.Hill, error) {
	if write {
		return hill.Open(path, hillGames)
	}
	return hill.OpenRead(path, hillGames)
}

// hillRules are the hill's game rules: RoboCom's option set, or Core War's language and
// parameters (nil where the hill plays the other game).
func hillRules(c hill.Config) (robo *arena.HillGame, core *play.HillGame) {
	robo, _ = c.Game.(*arena.HillGame)
	core, _ = c.Game.(*play.HillGame)
	return robo, core
}
