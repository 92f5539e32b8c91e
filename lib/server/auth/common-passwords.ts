import 'server-only';

/**
 * The most common passwords of at least 8 characters (shorter ones fail passwordSchema anyway),
 * from the public breach-corpus top lists (SecLists, NCSC top 100k), plus the Russian keyboard
 * favourites. Matched ignoring case.
 */
const COMMON_PASSWORDS = new Set(
  `
  12345678 123456789 1234567890 12345678910 123123123 11111111 111111111
  1111111111 00000000 000000000 0000000000 88888888 66666666 77777777
  99999999 12341234 11223344 12344321 87654321 987654321 0987654321
  123321123 147258369 159753159 123456123 123654789 741852963 789456123
  1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 1qaz2wsx 1qazxsw2
  zaq12wsx zaq1zaq1 qazwsxedc qweasdzxc qwertyui qwertyuiop qwerty123
  qwerty12 qwerty1234 qwertyqwerty asdfghjk asdfghjkl asdf1234 zxcvbnm1
  zxcvbnm123 abcd1234 abc12345 abcdefgh aaaaaaaa a1234567 a12345678
  aa123456 password password1 password12 password123 password1234
  password! passw0rd p@ssw0rd p@ssword pa$$word mypassword passpass
  iloveyou iloveyou1 iloveyou2 sunshine sunshine1 princess princess1
  football football1 baseball basketball superman batman123 starwars
  whatever trustno1 welcome1 welcome123 letmein1 letmein123 changeme
  computer internet michelle jennifer jessica1 charlie1 liverpool
  chelsea1 arsenal1 manchester midnight butterfly chocolate december
  november september alexander elizabeth victoria samantha danielle
  jordan23 michael1 mustang1 shadow12 master12 master123 dragon12
  monkey12 freedom1 forever1 hello123 hellohello goodluck lovelove
  loveyou1 fuckyou1 qwer1234 asdasdasd qweqweqwe zxczxczxc admin123
  administrator root1234 test1234 testtest guest123 default1 secret12
  access14 summer2020 summer2024 winter2024 spring2024 autumn2024
  welcome2024 password2023 password2024 password2025 password2026
  caloriediary calories diary123 weightloss loseweight healthy1 fitness1
  ghbdtnghbdtn gfhjkm123 qwertyuiop[] nataly123 natasha1 svetlana
  vladimir dmitriy1 sergey123 andrey123 alexandr nikita123 marina123
  zvezda12 spartak1 zenit123 йцукенгш йцукенгшщз пароль123 пароль1234
  привет123 qwerty007 ytrewq123 lenovo123 samsung1 iphone123 google123
`
    .trim()
    .split(/\s+/),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
