// Package migrations holds the database schema as goose .sql files, embedded in the binary.
// Never edit a migration that has been released; add a new file.
package migrations

import "embed"

// FS holds the migration files, for goose.NewProvider.
//
//go:embed *.sql
var FS embed.FS

// PostgresFS holds the PostgreSQL twin of every migration, under the same version
// (postgres/*.sql), for goose's PostgreSQL dialect.
//
//go:embed postgres/*.sql
var PostgresFS embed.FS
