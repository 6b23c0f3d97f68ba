// ForgedKit
