module robocom

go 1.26.0

require (
	gioui.org v0.10.3
	gioui.org/x v0.10.2
	golang.org/x/image v0.26.0
	golang.org/x/term v0.38.0
	golang.org/x/text v0.32.0
)

require go.yaml.in/yaml/v3 v3.0.6 // TestKubernetesRecipe

require (
	gioui.org/shader v1.0.9 // indirect
	github.com/dustin/go-humanize v1.1.0 // indirect
	github.com/go-text/typesetting v0.3.5 // indirect
	github.com/godbus/dbus/v5 v5.2.2
	github.com/google/uuid v1.6.0 // indirect
	github.com/mattn/go-isatty v0.0.24 // indirect
	github.com/ncruces/go-strftime v1.1.0 // indirect
	github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec // indirect
	golang.org/x/exp v0.0.0-20250408133849-7e4ce0ab07d0 // indirect
	golang.org/x/exp/shiny v0.0.0-20250408133849-7e4ce0ab07d0 // indirect
	golang.org/x/net v0.48.0 // indirect
	golang.org/x/sys v0.49.0
	modernc.org/libc v1.80.1 // indirect
	modernc.org/mathutil v1.7.1 // indirect
	modernc.org/memory v1.12.1 // indirect
	modernc.org/sqlite v1.62.0 // indirect
)
