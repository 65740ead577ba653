package ports

// PasswordHasher turns passwords into slow, salted hashes and checks them.
type PasswordHasher interface {
	Hash(password string) (string, error)
	// Verify reports whether password matches hash. An empty hash is
	// checked against a stand-in so that the time taken does not tell
	// whether an account exists.
	Verify(password, hash string) (bool, error)
}
