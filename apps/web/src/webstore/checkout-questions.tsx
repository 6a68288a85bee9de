/** An offer's booking questions at checkout: once per booking, or once per participant. */
import type { WebstoreExperience } from '@excursio/contract/webstore';
import { useTranslation } from 'react-i18next';
import { type CartLine, participants } from './cart.ts';

export type Question = WebstoreExperience['questions'][number];
/** Where an answer lives in the form (and its input's id). */
export const answerKey = (holdId: string, questionId: string, participant: number | null) =>
  `q-${holdId}-${questionId}-${participant ?? 'b'}`;

export type AnswerField = { question: Question; participant: number | null; key: string };

/** Every answer field a line asks for, in order. */
export const answerFields = (line: CartLine, questions: Question[]): AnswerField[] =>
  questions.flatMap((q): AnswerField[] =>
    q.scope === 'participant'
      ? Array.from({ length: participants(line) }, (_, i) => ({
          question: q,
          participant: i,
          key: answerKey(line.holdId, q.id, i),
        }))
      : [{ question: q, participant: null, key: answerKey(line.holdId, q.id, null) }],
  );

export const LineQuestions = ({
  line,
  questions,
  answers,
  errors,
  onAnswer,
}: {
  line: CartLine;
  questions: Question[];
  answers: Record<string, string>;
  errors: Record<string, string>;
  onAnswer: (key: string, value: string) => void;
}) => {
  const { t } = useTranslation();
  if (questions.length === 0) return null;
  const fields = answerFields(line, questions);
  const lineError = errors[`line-${line.holdId}`];
  return (
    <fieldset className="box">
      <legend className="box__title">{t('checkout.questions', { title: line.title })}</legend>
      {lineError && (
        <p className="field__error" role="alert">
          {lineError}
        </p>
      )}
      {fields.map(({ question, participant, key }) => {
        const label =
          participant === null ? question.question : `${t('checkout.participant', { n: participant + 1 })}: ${question.question}`;
        const error = errors[key];
        const common = {
          id: key,
          value: answers[key] ?? '',
          required: question.required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${key}-error` : undefined,
        } as const;
        const set = (event: { target: { value: string } }) => onAnswer(key, event.target.value);
        return (
          <div className="field" key={key}>
            <label className="field__label" htmlFor={key}>
              {label}
              {question.required && <span aria-hidden="true"> *</span>}
            </label>
            {question.answer_type === 'long_text' ? (
              <textarea className="input" rows={3} maxLength={2000} onChange={set} {...common} />
            ) : question.answer_type === 'select' || question.answer_type === 'yes_no' ? (
              <select className="input" onChange={set} {...common}>
                <option value="">{t('checkout.choose')}</option>
                {(question.answer_type === 'yes_no'
                  ? [
                      { value: 'yes', label: t('checkout.yes') },
                      { value: 'no', label: t('checkout.no') },
                    ]
                  : question.options.map((o) => ({ value: o, label: o }))
                ).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className="input"
                type={question.answer_type === 'number' ? 'number' : question.answer_type === 'date' ? 'date' : 'text'}
                maxLength={2000}
                onChange={set}
                {...common}
              />
            )}
            {error && (
              <p className="field__error" id={`${key}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
};
