print("forged")
