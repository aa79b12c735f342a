// "The textbox below": the page's one text field, named by role only.
import { task, WORDS } from '../common.js';
const t = task();
const word = t.pick(WORDS);
t.say([`Type ${word} into the textbox below.`, `Write ${word} in the text field.`, `Enter ${word} into the box below.`],
  [`Write ${word} in the box below.`, `Type ${word} in the text area.`, `Enter ${word} in the field below.`],
  [`Please write ${word} in the text box.`, `Can you type the word ${word} into the box?`, `I'd like ${word} written in the text area below.`],
  [`put ${word} in the text box`, `The text box should contain ${word}.`,
    `Could you fill the note with the word ${word}?`, `I need ${word} written into the textarea, nothing else.`],
  [
    `Stick ${word} in the note box.`,
    `could you write ${word} in the textarea please`,
    `The note should just say ${word}.`,
    `I need the word ${word} in that big text box, nothing else.`,
    `Fill in the note with ${word}.`,
    `There's one text area on the page. Type ${word} into it.`,
    `Would you mind entering ${word} as the note?`],
  [
    `type ${word} in the box pls`,
    `Please would you kindly type the single word ${word} into the large text box on this page, and nothing more.`,
    `Into the text box below you write ${word}, only this word.`,
    `Set the textarea value to ${word}.`,
    `Now click into the note area and type ${word}.`,
    `For the note, the text should be ${word}; put it in the box below.`,
    `Empty box below. Write ${word} there.`,
    `Is it possible to write ${word} inside the text box?`],
  [
    `${word} — just that one word in the text box, please.`,
    `Step 1: click in the empty box under the heading and type ${word}, nothing more.`,
    `Hello, could you kindly enter the word ${word} in the note area? Thank you in advance.`,
    `bro just type ${word} in the box thats literally it`,
    `Since this note is for later, I want it to say ${word}; write it in the box beneath the title.`,
    `in the text box type ${word} all one word no full stop`,
    `The only thing to do here is click inside the large empty rectangle under the heading and type the word ${word}, with no other words or spaces around it.`,
    `Note text: ${word}.`],
  [
    `Type ${word} in the text box`,
    `write ${word} into the note box and nothing else`,
    `Could you put the word ${word} in the big text area on this page? Just that word, no punctuation.`,
    `The note field under the heading needs to say ${word}, fill it in for me`,
    `${word} — that's all that should go in the textbox`,
    `hey, mind typing ${word} into the empty box there? I'm eating with one hand lol`,
    `Enter ${word} in the only text field on the page, exactly as written`,
    `fill the note with ${word}`,
  ],
  [
    `Type ${word} in the box below.`,
    `write ${word} in teh text area`,
    `Could you please enter the word ${word} into the note? Nothing else, just that one word.`,
    `I want my note to say ${word}.`,
    `Fill in the note with "${word}".`,
    `Please you put the word ${word} inside the big text box under the title, nothing more.`,
    `There's a single empty textbox on this page, right under the heading. Click into it and type ${word} with no full stop and no extra spaces, since it has to match exactly.`,
    `${word} goes in the textbox.`,
  ]);
const note = document.getElementById('note');
note.addEventListener('input', () => t.set({ value: note.value, done: note.value === word }));
