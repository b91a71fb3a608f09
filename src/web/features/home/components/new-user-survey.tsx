import {
  Alert,
  Button,
  CloseButton,
  Container,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { productName } from '../../../../domain/brand';
import {
  surveyAnswers,
  surveyDismissedAnswer,
  surveyQuestion,
} from '../../../../domain/users/new-user-survey';
import { useAnswerSurvey } from '../api/dashboard-api';

/**
 * The new-user survey (part 1 §2.7): a full-page overlay while showNewUserSurvey is set. Get Started
 * stays disabled until an answer is chosen; closing records 'User dismissed survey'.
 */
export function NewUserSurvey({ firstName }: { firstName: string }) {
  const answerSurvey = useAnswerSurvey();
  const [choice, setChoice] = useState<string | null>(null);
  const [otherText, setOtherText] = useState('');
  const [closed, setClosed] = useState(false);
  const chosen = surveyAnswers.find((option) => option.answer === choice) ?? null;

  const close = () => {
    setClosed(true);
    answerSurvey.mutate({ question: surveyQuestion, answer: surveyDismissedAnswer, intent: null });
  };
  const submit = () => {
    if (!chosen) return;
    const answer = chosen.intent === 'Other' && otherText.trim() ? otherText.trim() : chosen.answer;
    answerSurvey.mutate(
      { question: surveyQuestion, answer, intent: chosen.intent },
      { onSuccess: () => setClosed(true) },
    );
  };

  return (
    <Modal
      opened={!closed}
      onClose={close}
      fullScreen
      withCloseButton={false}
      transitionProps={{ duration: 0 }}
      data-testid="new-user-survey"
      aria-label="Welcome survey"
    >
      <CloseButton
        aria-label="Close survey"
        size="lg"
        onClick={close}
        style={{ position: 'absolute', top: 16, right: 16 }}
      />
      <Container size={560} py={{ base: 40, sm: 72 }}>
        <Stack gap="lg">
          <div>
            <Text c="hedge.8" fw={700} size="sm" tt="uppercase">
              Welcome to {productName}, {firstName}
            </Text>
            <Title order={1} fz={{ base: 24, sm: 30 }} mt={6}>
              {surveyQuestion}
            </Title>
            <Text c="dimmed" mt={6}>
              Pick the one that fits best and we'll point you the right way.
            </Text>
          </div>
          <Radio.Group value={choice} onChange={setChoice} aria-label={surveyQuestion}>
            <Stack gap="xs">
              {surveyAnswers.map((option) => (
                <Radio.Card
                  key={option.answer}
                  value={option.answer}
                  radius="md"
                  p="sm"
                  style={{
                    borderColor: choice === option.answer ? 'var(--mantine-color-hedge-6)' : undefined,
                    background: choice === option.answer ? 'var(--mantine-color-hedge-0)' : undefined,
                  }}
                >
                  <Radio.Indicator style={{ display: 'inline-flex', verticalAlign: 'middle' }} mr="sm" />
                  <Text span size="sm" fw={500}>
                    {option.answer}
                  </Text>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          {chosen?.intent === 'Other' && (
            <TextInput
              label="Tell us more (optional)"
              value={otherText}
              onChange={(event) => setOtherText(event.currentTarget.value)}
              maxLength={500}
            />
          )}
          {answerSurvey.error && (
            <Alert color="red" variant="light" role="alert">
              {answerSurvey.error.message}
            </Alert>
          )}
          <Button size="md" disabled={!chosen} loading={answerSurvey.isPending} onClick={submit}>
            Get Started
          </Button>
        </Stack>
      </Container>
    </Modal>
  );
}
