import type { BookingQuestion } from '@excursio/contract/booking-info';
import { Select, Textarea, TextInput } from '@mantine/core';

/** One booking question, asked with the input its answer type calls for; the answer travels as text. */
export const QuestionInput = ({
  question,
  value,
  onChange,
}: {
  question: Pick<BookingQuestion, 'question' | 'answer_type' | 'options' | 'required'>;
  value: string;
  onChange: (answer: string) => void;
}) => {
  const common = { label: question.question, withAsterisk: question.required };
  switch (question.answer_type) {
    case 'select':
    case 'yes_no':
      return (
        <Select
          {...common}
          data={question.answer_type === 'yes_no' ? ['Yes', 'No'] : question.options}
          value={value || null}
          onChange={(answer) => onChange(answer ?? '')}
          clearable={!question.required}
        />
      );
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxLength={2000}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return <TextInput {...common} inputMode="decimal" value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'date':
      return <TextInput {...common} type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} maxLength={2000} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
};
