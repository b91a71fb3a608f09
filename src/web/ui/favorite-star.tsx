import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useCurrentUser } from '../api/current-user';
import { useToggleFavoriteBranch } from '../api/toggle-favorite-branch';

/** The star that adds a branch to (or removes it from) the signed-in user's favourites; nothing for visitors. */
export function FavoriteStar({
  branchId,
  branchName,
  size = 'lg',
}: {
  branchId: number;
  branchName: string;
  size?: string;
}) {
  const { user } = useCurrentUser();
  const toggle = useToggleFavoriteBranch();
  if (!user) return null;
  const favorite = user.preferredSupplierIds.includes(branchId);
  const label = favorite ? `Remove ${branchName} from favorites` : `Add ${branchName} to favorites`;
  return (
    <Tooltip label={favorite ? 'Remove from favorites' : 'Add to favorites'} withArrow>
      <ActionIcon
        variant="subtle"
        color={favorite ? 'yellow' : 'gray'}
        size={size}
        aria-label={label}
        aria-pressed={favorite}
        data-testid="favorite-star"
        data-favorite={favorite}
        onClick={(event) => {
          event.preventDefault();
          toggle.mutate({ branchId, favorite: !favorite });
        }}
      >
        {favorite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
