import { Avatar, type AvatarProps } from '@mantine/core';
import defaultAvatar from '../assets/default-avatar.svg';

/** A member's picture: the cropped photo, else the photo (the server picks), else the default image. */
export function MemberAvatar({
  src,
  ...props
}: Omit<AvatarProps, 'src'> & { src: string | null | undefined }) {
  return <Avatar src={src ?? defaultAvatar} {...props} />;
}
