print("codd")
