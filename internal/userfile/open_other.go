//go:build !unix

package userfile

const openNonblock = 0
