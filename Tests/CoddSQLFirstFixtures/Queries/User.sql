-- The users with how many posts each.
-- PureSQL's README writes this query without `FROM user`, a typo: SQLite refuses `user.*`
-- without a FROM. This is the corrected SQL.
fetchUsers:
SELECT user.*, COUNT(post.id) AS numberOfPosts
FROM user
LEFT OUTER JOIN post ON post.userId = user.id
GROUP BY user.id
ORDER BY user.id;

fetchUserIdAndNames:
SELECT id, name FROM user;

userPosts:
SELECT * FROM post WHERE userId = ? AND date BETWEEN ? AND ?;

userByID:
SELECT * FROM user WHERE id = ?;

-- Each user with each of their posts; a user without posts has `post == nil`.
usersAndPosts:
SELECT user.*, post.* FROM user LEFT JOIN post ON post.userId = user.id ORDER BY user.id, post.id;

insertUser:
INSERT INTO user (name, email) VALUES (:name, :email) RETURNING *;

insertPost:
INSERT INTO post (userId, title, date) VALUES (?, ?, ?) RETURNING id;
