// ForgeCook
