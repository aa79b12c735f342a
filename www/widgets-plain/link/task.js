// "Follow the link": the only link on the page, whatever its words.
import { task, el } from '../common.js';
const t = task();
const words = t.pick(['our archive', 'this page', 'the old notes', 'more reading']);
t.say(['Follow the link.', 'Click the link.', 'Open the link in the text.'],
  [`Click on the link.`, `Follow the link in the paragraph.`, `Open that link.`],
  [`Please open the link on this page.`, `Can you click the link for me?`, `I'd like to go to the link in the text.`],
  [`Go to the linked page.`, `visit the link in the paragraph`,
    `Could you follow whichever link is in the text?`, `There's a link in the paragraph. Click it for me, please.`],
  [
    `click on the link in that paragraph`,
    `Could you open the hyperlink in the paragraph?`,
    `There's a link hidden somewhere in the text. Click it.`,
    `I need to go wherever that link points.`,
    `Tap on that link.`,
    `Would you mind following the only link here?`,
    `Go ahead and click the link you can see in the text.`],
  [
    `open the link pls`,
    `In the text on this page there is a single link, usually underlined; I would like you to click on it.`,
    `On the link in the text, make a click please.`,
    `Click the only anchor element on the page.`,
    `Now click the link within the paragraph.`,
    `To read more, follow the link in the text.`,
    `Find the link. Click it.`,
    `Where does the link go? Open it.`],
  [
    `That link in the paragraph — click it for me.`,
    `Step 1: click the single link in the body text.`,
    `Hello, could you please follow the link that appears in the text on this page? Thank you.`,
    `theres a link in there somewhere just click it`,
    `Since I want to read more, open the link in the sentence under the intro.`,
    `Please you click on the link which is inside the text.`,
    `In the second paragraph there's a sentence with one bit of underlined, coloured text that is a link; please click on that bit once to follow it.`,
    `Link in text: click.`],
  [
    `Click the ${words} link`,
    `follow the link`,
    `Could you open the link that says ${words} in the paragraph?`,
    `there's a link hidden in the text, ${words} i think. click it`,
    `Open ${words} please, I want to have a look`,
    `click the underlined bit in the sentence about reading, the one saying ${words}`,
    `Follow the only link on the page`,
    `hit the ${words} link in the middle of the text`,
  ],
  [
    `Follow the link.`,
    `click the ${words} link`,
    `Could you open the link that says ${words}?`,
    `There's a link hidden in the text somewhere, I think it reads ${words}. Please click it.`,
    `I want to read more about it, so follow the link in the paragraph.`,
    `Please you click on the link in the sentence, the words are ${words}.`,
    `Open "${words}".`,
    `Find the one link in the text and open it, plase. It says ${words}.`,
  ]);
document.getElementById('para').append('You can read about it in ', el('a', { href: '#read', onclick: () => {
  document.getElementById('result').textContent = 'You followed the link.';
  t.set({ done: true });
} }, words), ' if you like.');
