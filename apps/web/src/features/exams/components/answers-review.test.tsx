import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Question } from '@dars/contract';
import { attemptFixture, questionsFixture } from '../../../test/exam-fixtures';
import { renderWithApp } from '../../../test/render';
import { AnswersReview } from './answers-review';

/** The fixture's questions as a submitted exam with the detailed result discloses them. */
function disclosed(): Question[] {
  const [choices, trueFalse, essay] = questionsFixture();
  return [
    {
      ...choices!,
      answers: choices!.answers.map((a) => ({ ...a, correct: a.id === 1012 })),
      answer_explain_text: 'راجع الدرس https://dars.example/l/3. ثم حل التمارين',
      answer_explain_image: '/uploads/explain-101.png',
    },
    { ...trueFalse!, answers: trueFalse!.answers.map((a) => ({ ...a, correct: a.id === 1021 })) },
    essay!,
  ];
}

const section = (n: number) => screen.getByRole('region', { name: `السؤال ${n}` });

describe('AnswersReview', () => {
  it("marks the correct answer and the student's choice, with the marks", () => {
    renderWithApp(
      <AnswersReview
        questions={disclosed()}
        attempts={[
          attemptFixture({ question_id: 101, answer_id: 1011, correct: false, correction_mark: 0 }),
          attemptFixture({ question_id: 102, answer_id: 1021, correct: true, correction_mark: 2 }),
        ]}
        actions={null}
      />,
    );
    const first = section(1);
    expect(within(first).getByText('إجابة خاطئة')).toBeVisible();
    expect(within(first).getByText('الدرجة: 0 من 2')).toBeVisible();
    const options = within(first).getAllByTestId('review-option');
    expect(options[0]).toHaveTextContent('إجابتك');
    expect(options[0]).not.toHaveTextContent('الإجابة الصحيحة');
    expect(options[1]).toHaveTextContent('الإجابة الصحيحة');
    expect(options[2]).not.toHaveTextContent(/إجابتك|الإجابة الصحيحة/);
    expect(within(section(2)).getByText('إجابة صحيحة')).toBeVisible();
    expect(within(section(3)).getByText('لم تُجب عن هذا السؤال')).toBeVisible();
  });

  it('shows a percent-encoded link by its host and decoded path, left to right, opening it as written', () => {
    const href =
      'https://ar.wikipedia.org/wiki/%D9%86%D8%B8%D8%B1%D9%8A%D8%A9_%D9%81%D9%8A%D8%AB%D8%A7%D8%BA%D9%88%D8%B1%D8%AB';
    const [question] = questionsFixture();
    renderWithApp(
      <AnswersReview
        questions={[{ ...question!, answer_explain_text: `اقرأ عن النظرية هنا: ${href} قبل الحل` }]}
        attempts={[]}
        actions={null}
      />,
    );
    const link = within(section(1)).getByRole('link', {
      name: 'ar.wikipedia.org/wiki/نظرية_فيثاغورث',
    });
    expect(link).toHaveAttribute('href', href);
    expect(link).not.toHaveTextContent('%');
    // Isolated left to right inside the Arabic sentence, free to wrap on a phone.
    const label = link.querySelector('bdi');
    expect(label).toHaveAttribute('dir', 'ltr');
    expect(label).toHaveTextContent('ar.wikipedia.org/wiki/نظرية_فيثاغورث');
    expect(getComputedStyle(link).overflowWrap).toBe('anywhere');
    expect(section(1)).toHaveTextContent(
      'اقرأ عن النظرية هنا: ar.wikipedia.org/wiki/نظرية_فيثاغورث قبل الحل',
    );
  });

  it('cuts a very long link with an ellipsis, the whole address in its title', () => {
    const href = `https://dars.example/files/${'درس-'.repeat(20)}`;
    const [question] = questionsFixture();
    renderWithApp(
      <AnswersReview
        questions={[{ ...question!, answer_explain_text: encodeURI(href) }]}
        attempts={[]}
        actions={null}
      />,
    );
    const link = within(section(1)).getByRole('link');
    expect(link).toHaveAccessibleName(`dars.example/files/${'درس-'.repeat(7)}…`);
    expect(link).toHaveAttribute('title', `dars.example/files/${'درس-'.repeat(20)}`);
  });

  it("shows the teacher's explanation as text with a real link, and its image", () => {
    renderWithApp(<AnswersReview questions={disclosed()} attempts={[]} actions={null} />);
    const first = section(1);
    const link = within(first).getByRole('link', { name: 'dars.example/l/3' });
    expect(link).toHaveAttribute('href', 'https://dars.example/l/3');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(first).toHaveTextContent('راجع الدرس dars.example/l/3. ثم حل التمارين');
    expect(within(first).getByRole('img', { name: 'صورة شرح الإجابة' })).toHaveAttribute(
      'src',
      '/uploads/explain-101.png',
    );
  });

  it('renders explanation markup as text, never as HTML', () => {
    const [question] = disclosed();
    renderWithApp(
      <AnswersReview
        questions={[{ ...question!, answer_explain_text: '<img src=x onerror=alert(1)>' }]}
        attempts={[]}
        actions={null}
      />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    expect(screen.queryByRole('img', { name: '' })).not.toBeInTheDocument();
  });

  it('shows nothing the payload does not carry: no flags, marks or explanation when null', () => {
    renderWithApp(
      <AnswersReview
        questions={questionsFixture()}
        attempts={[attemptFixture({ question_id: 101, answer_id: 1011 })]}
        actions={null}
      />,
    );
    expect(screen.queryByText('الإجابة الصحيحة')).not.toBeInTheDocument();
    expect(screen.queryByText(/^الدرجة/)).not.toBeInTheDocument();
    expect(screen.queryByText(/إجابة (صحيحة|خاطئة)/)).not.toBeInTheDocument();
    expect(screen.queryByText('شرح الإجابة')).not.toBeInTheDocument();
    expect(within(section(1)).getByText('إجابتك')).toBeVisible();
  });

  it("shows an essay's text and image, 'not corrected' until marked", () => {
    renderWithApp(
      <AnswersReview
        questions={questionsFixture()}
        attempts={[
          attemptFixture({
            question_id: 103,
            answer_text: 'الضرب يتوزع على الجمع',
            answer_image: '/exams/answers/1030/image?at=sig',
          }),
        ]}
        actions={null}
      />,
    );
    const essay = section(3);
    expect(within(essay).getByText('الضرب يتوزع على الجمع')).toBeVisible();
    expect(within(essay).getByText('لم يتم التصحيح')).toBeVisible();
    expect(within(essay).getByRole('img', { name: 'الصورة المرفقة بإجابتك' })).toHaveAttribute(
      'src',
      '/exams/answers/1030/image?at=sig',
    );
  });

  it('gives long answers and answers with an image a row of their own', () => {
    const [question] = disclosed();
    renderWithApp(
      <AnswersReview
        questions={[
          {
            ...question!,
            answers: [
              { id: 1, text: 'قصير', image_url: null, correct: false },
              {
                id: 2,
                text: 'إجابة طويلة جداً تتجاوز أربعين حرفاً بكثير في هذا السؤال',
                image_url: null,
                correct: true,
              },
              { id: 3, text: 'ب', image_url: '/o/3.png', correct: false },
            ],
          },
        ]}
        attempts={[]}
        actions={null}
      />,
    );
    expect(screen.getAllByTestId('review-option').map((o) => o.dataset.long)).toEqual([
      'false',
      'true',
      'true',
    ]);
  });
});
