-- PureSQL's README omits `FROM user` here (a typo SQLite refuses); corrected.
fetchUsers:
SELECT user.*, COUNT(post.id) AS numberOfPosts
FROM user
LEFT OUTER JOIN post ON post.userId = user.id
GROUP BY user.id;

fetchUserIdAndNames:
SELECT id, name FROM user;

userPosts:
SELECT * FROM post WHERE userId = ? AND date BETWEEN ? AND ?;

insertUser:
INSERT INTO user (name) VALUES (?) RETURNING id;

insertPost:
INSERT INTO post (userId, title, date) VALUES (?, ?, ?);
