import { Card, Table, Text, Title } from '@mantine/core';
import { DateTime } from '../../../ui/date-time';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useSurveyAnswers } from '../api/get-survey-answers';

/** What the user answered to the new-user survey (part 1 §2.7), newest first. */
export function SurveyAnswersCard({ userId }: { userId: number }) {
  const query = useSurveyAnswers(userId);
  const answers = query.data?.results ?? [];
  return (
    <Card withBorder padding="lg" mt="xl" data-testid="survey-answers">
      <Title order={3} size="h4" mb="sm">
        New-user survey
      </Title>
      {query.error && (
        <LoadErrorAlert
          error={query.error}
          title="Survey answers could not be loaded"
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && answers.length === 0 && (
        <Text size="sm" c="dimmed">
          No survey answers.
        </Text>
      )}
      {answers.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Question</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Intent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answers.map((answer) => (
                <Table.Tr key={answer.id}>
                  <Table.Td>
                    <DateTime value={answer.createdAt} />
                  </Table.Td>
                  <Table.Td>{answer.question}</Table.Td>
                  <Table.Td>{answer.answer}</Table.Td>
                  <Table.Td>{answer.intent ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
