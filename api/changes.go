package api

// Forget drops what the server caches about a change made through another replica on
// the same database (the store's change notifications): kind "key" the API key id,
// "question" the latest version of question id, "" everything (changes may have been
// missed).
func (s *Server) Forget(kind string, id int64) {
	switch kind {
	case "key":
		s.keys.forget(id)
	case "question":
		s.grader.Versions.Forget(id)
	default:
		s.keys.forgetAll()
		s.grader.Versions.ForgetAll()
	}
}
