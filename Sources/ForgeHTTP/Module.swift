// ForgeHTTP
