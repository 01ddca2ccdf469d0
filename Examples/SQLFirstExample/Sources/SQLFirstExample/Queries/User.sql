-- PureSQL's README, verbatim but for `FROM user`, which it omits (a typo: SQLite refuses
-- `user.*` without a FROM). COUNT(*) counts the LEFT JOIN's row too, so a user without
-- posts counts 1, as that SQL says; COUNT(post.id) would count 0.
fetchUsers:
SELECT user.*, COUNT(*) AS numberOfPosts
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
