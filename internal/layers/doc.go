// Package layers holds no code: its test checks that the module's imports only go down
// (RATIONALE "One kit, two windows" and the README's layout), so a wrong arrow fails a test
// rather than waiting for a reviewer.
package layers
