// Credentials in one breath: "sign in as kim with password xyz". The
// password never goes into the state (a test reads the state).
import { task, WORDS } from '../common.js';
const t = task();
const user = t.pick(['kim', 'ana', 'lee', 'omar', 'jo']);
const pass = t.pick(WORDS) + Math.floor(t.rnd() * 90 + 10);
t.say([`Sign in as ${user} with password ${pass}.`, `Log in as ${user} using the password ${pass}.`, `Sign in with user ${user} and password ${pass}.`],
  [`Log in as ${user} with the password ${pass}.`, `Sign in as ${user} using password ${pass}.`, `Login with username ${user} and password ${pass}.`],
  [`Please log me in as ${user}, password ${pass}.`, `Can you sign in? The user name is ${user} and the password ${pass}.`,
    `Sign me in with the user name ${user} and the password ${pass}.`],
  [`I need to get into the members area as ${user}, password ${pass}`, `Could you log on as ${user}? Use password ${pass}.`,
    `Please sign in for me. Username ${user}, password ${pass}.`, `log in to the account ${user} with the password ${pass}`],
  [
    `log in as ${user} pw ${pass}`,
    `Could you sign me in? User name ${user}, password ${pass}`,
    `I need to get into my account. I'm ${user} and my password is ${pass}.`,
    `Fill in user name ${user} and sign in with the password ${pass}.`,
    `Would you mind logging in for me as ${user}? The password is ${pass}.`,
    `Please sign on as ${user}; password is ${pass}`,
    `Member login for ${user}, password ${pass}.`],
  [
    `signin ${user} pass ${pass}`,
    `I would like you to sign me in to the members area; my user name is ${user} and my password is ${pass}`,
    `With user ${user} you sign in, the password ${pass}`,
    `Submit the login form with username ${user} and password ${pass}`,
    `Now enter ${user} as the user name and sign in using the password ${pass}`,
    `To get into the members page, log in as ${user} with password ${pass}.`,
    `Account ${user}. Log in with pass ${pass}`,
    `Is it possible to sign in as ${user}? Use password ${pass}`],
  [
    `${user} is the user name and ${pass} the password — sign me in with those.`,
    `Step 1: log in with user name ${user} and password ${pass}, then press Sign in.`,
    `Dear assistant, please could you sign in to the members area with the user name ${user} and the password ${pass}? Thank you.`,
    `log me in pls im ${user} pass is ${pass}`,
    `Since my account is ${user}, put that in the User name box plus ${pass} in the Password box, and click Sign in.`,
    `Please make the login with name ${user} and password ${pass}`,
    `Under the Members heading there's a User name box and a Password box; type ${user} in the first one and ${pass} in the second one, exactly as written, and then press the Sign in button.`,
    `Login ${user}, password ${pass}`],
  [
    `Sign in as ${user} with password ${pass}`,
    `log me in: username ${user}, password ${pass}`,
    `Could you sign in for me? User name is ${user} and the password is ${pass}.`,
    `user ${user} pw ${pass}, then click sign in`,
    `Enter ${pass} as the password and ${user} as the user name, then press Sign in`,
    `I always forget how to log in here, it's ${user} and ${pass}. sign me in please`,
    `Please fill in the member login with ${user} / ${pass} and submit it`,
    `sign in - ${user}, ${pass}`,
  ],
  [
    `Sign in as ${user} / ${pass}.`,
    `log in as ${user} with password ${pass}`,
    `Could you sign me in? User name ${user}, password ${pass}.`,
    `I'm ${user} and my password is ${pass}, please log me in.`,
    `Enter ${user} in User name and ${pass} in Password, then click Sign in.`,
    `Please you login with user ${user} and the password ${pass}, and press the Sign in button.`,
    `Before pressing Sign in, fill in the password ${pass} and the user name ${user}.`,
    `Username: ${user}. Password: "${pass}". Sign in wiht those.`,
  ]);
document.getElementById('form').addEventListener('submit', (e) => {
  e.preventDefault();
  const ok = document.getElementById('user').value === user && document.getElementById('pass').value === pass;
  document.getElementById('result').textContent = ok ? `Welcome, ${user}.` : 'Wrong user name or password.';
  t.set({ user: document.getElementById('user').value, passwordRight: ok, done: ok });
});
