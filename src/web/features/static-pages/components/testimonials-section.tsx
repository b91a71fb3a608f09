import { Blockquote, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { usePublishedTestimonials } from '../api/testimonials';

/** Customers' words, as staff publish them in Beehive; nothing at all while there are none. */
export function TestimonialsSection() {
  const testimonials = usePublishedTestimonials();
  if (!testimonials.data || testimonials.data.length === 0) return null;
  return (
    <Container size="xl" pb={{ base: 48, md: 72 }} data-testid="landing-testimonials">
      <Title order={2} c="hedge.9" fz={{ base: 26, md: 34 }} mb="lg">
        What contractors say
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {testimonials.data.map((item) => (
          <Blockquote
            key={item.id}
            color="hedge"
            icon={<IconQuote size={20} />}
            iconSize={36}
            radius="md"
            p="lg"
          >
            <Text lh={1.6}>{item.quote}</Text>
            <Text size="sm" fw={700} mt="sm">
              {item.name}
              {item.company && (
                <Text span c="dimmed" fw={400}>
                  {' '}
                  · {item.company}
                </Text>
              )}
            </Text>
          </Blockquote>
        ))}
      </SimpleGrid>
    </Container>
  );
}
