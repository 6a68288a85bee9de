import type { CartAnswer } from '../../db/schema/carts.ts';
import { invalid } from '../../http/app-error.ts';

type Question = { id: string; question: string; scope: 'booking' | 'participant'; required: boolean };

/**
 * Answers checked against an offer's questions: each answers one of them (blank ones are dropped),
 * and every required booking question is answered. Throws the 400 a client can show by the field.
 */
export const checkedAnswers = (questions: readonly Question[], given: readonly { question_id: string; answer: string }[]) => {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: CartAnswer[] = [];
  for (const [index, answer] of given.entries()) {
    const question = byId.get(answer.question_id);
    if (!question) throw invalid(`answers.${index}.question_id`, 'This question is not asked for this offer.', 'does_not_exist');
    if (answer.answer !== '') answers.push({ question_id: question.id, question: question.question, answer: answer.answer });
  }
  const missing = questions.find((q) => q.required && q.scope === 'booking' && !answers.some((a) => a.question_id === q.id));
  if (missing) throw invalid('answers', `Please answer: ${missing.question}`, 'required');
  return answers;
};
