import { useParams } from 'react-router';
import MeetupsScreen from '../meetups/MeetupsScreen.tsx';
import PodScreen from './PodScreen.tsx';

/**
 * /pods/:podId, and /pods/meetups for the Meetups page (issue 35, item 8): a route of its own in routes.tsx
 * would add bytes to the member app's start, which is at its budget; a pod's id is never "meetups".
 */
export default function PodRoute() {
  const { podId } = useParams();
  return podId === 'meetups' ? <MeetupsScreen /> : <PodScreen />;
}
