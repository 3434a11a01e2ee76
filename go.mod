module github.com/looplab/looplab

go 1.26.8

require (
	github.com/grafana/sobek v0.0.0-20260908083152-4698bc773ae7
	golang.org/x/crypto v0.59.0
)

require (
	github.com/dlclark/regexp2/v2 v2.7.2 // indirect
	github.com/go-sourcemap/sourcemap v2.1.4+incompatible // indirect
	github.com/google/pprof v0.0.0-20230207041349-798e818bf904 // indirect
	golang.org/x/text v0.44.0 // indirect
)
