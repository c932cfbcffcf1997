/** Where ALTCHA widgets fetch their challenges: the public forms', and staff sign-in's while guesses spike. */
export const CHALLENGE_PATHS = { forms: '/api/captcha/challenge', signIn: '/admin/login/challenge' } as const;
