// ForgeStore
