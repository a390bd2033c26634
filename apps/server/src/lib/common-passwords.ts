/**
 * Passwords of 12 or more characters that appear near the top of published breach frequency
 * lists, plus the obvious variations people reach for when told "at least 12 characters".
 * Compared in lower case.
 */
const BASE = [
  '123456789012', '1234567890123', '12345678901234', '123456789123', '111111111111', '000000000000',
  '123123123123', '121212121212', '123412341234', '112233445566', '987654321098', '147258369147',
  'qwertyuiop12', 'qwertyuiop123', 'qwertyuiopas', '1q2w3e4r5t6y', '1qaz2wsx3edc', 'zaq12wsxcde3',
  'qazwsxedcrfv', 'asdfghjkl123', 'zxcvbnm12345', 'password1234', 'password12345', 'password123456',
  'passwordpassword', 'password1234!', 'password123!', 'p@ssword1234', 'p@ssw0rd1234', 'passw0rd1234',
  'letmein12345', 'letmein123456', 'welcome12345', 'welcome123456', 'welcome2024!', 'welcome2025!',
  'welcome2026!', 'iloveyou1234', 'iloveyou12345', 'trustno1trustno1', 'sunshine1234', 'football1234',
  'baseball1234', 'princess1234', 'dragon123456', 'monkey123456', 'superman1234', 'starwars1234',
  'administrator', 'administrator1', 'admin1234567', 'adminadmin123', 'changeme1234', 'changeme12345',
  'default12345', 'qwerty123456', 'qwerty1234567', 'qwertyqwerty', 'abcdefghijkl', 'abc123abc123',
  'abcd1234abcd', 'aaaaaaaaaaaa', 'hellohello12', 'helloworld12', 'helloworld123', 'michael12345',
  'jennifer1234', 'liverpool123', 'liverpool1234', 'chelsea12345', 'arsenal12345', 'manchester123',
  'manchesterunited', 'computer1234', 'internet1234', 'whatever1234', 'nhspassword1', 'nhspassword123',
  'hospital1234', 'hospital12345', 'nurse1234567', 'doctor123456', 'summer202420', 'winter2024!!',
  'spring2025!!', 'autumn2025!!', 'summer2025!!', 'winter2025!!', 'summer2026!!', 'winter2026!!',
  'january2026!', 'passwordnhs1', 'verity123456', 'verity-demo-2026',
];

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(BASE);
