-- The users with how many posts each.
-- (PureSQL's README writes this query without `FROM user`, a typo there: SQLite refuses
-- `user.*` with no table. Codd's fixture has the corrected SQL.)
fetchUsers:
SELECT user.*, COUNT(*) AS numberOfPosts
FROM user
LEFT OUTER JOIN post ON post.userId = user.id
GROUP BY user.id;
-- CHECK: input: ()
-- CHECK: output: [FetchUsersOutput]
-- CHECK: row: FetchUsersOutput(user: User (embedded), numberOfPosts: Int)

fetchUserIdAndNames:
SELECT id, name FROM user;
-- CHECK: row: FetchUserIdAndNamesOutput(id: Int, name: String)

userPosts:
SELECT * FROM post WHERE userId = ? AND date BETWEEN ? AND ?;
-- CHECK: input: userId: Int, dateLower: Date, dateUpper: Date
-- CHECK: input type: UserPostsInput
-- CHECK: output: [Post]
-- CHECK: bind dateLower via Date.UnixTimeMillisecondsRepresentation

userByID:
SELECT * FROM user WHERE id = ?;
-- CHECK: input: id: Int
-- CHECK: output: User?

userByEmail:
SELECT name FROM user WHERE email = :email;
-- CHECK: input: email: String
-- CHECK: output: String?
