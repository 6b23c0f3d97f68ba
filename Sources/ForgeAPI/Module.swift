// ForgeAPI
