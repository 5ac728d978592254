import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../components/RequireAuth.tsx';
import { lazyScreen } from '../lazy.tsx';
import { Layout } from './Layout.tsx';
import type { PageHandle, PageKey } from './pages.ts';

// The route table of SPEC §2. Every screen is its own chunk, so the home page loads only what it shows.
const Home = lazyScreen(() => import('../screens/site/HomeScreen.tsx'));
const MyStory = lazyScreen(() => import('../screens/site/MyStoryScreen.tsx'));
const HowItWorks = lazyScreen(() => import('../screens/site/HowItWorksScreen.tsx'));
const Faq = lazyScreen(() => import('../screens/site/FaqScreen.tsx'));
const PrivacyPolicy = lazyScreen(() => import('../screens/site/PrivacyPolicyScreen.tsx'));
const Contact = lazyScreen(() => import('../screens/site/ContactScreen.tsx'));
const Feedback = lazyScreen(() => import('../screens/site/FeedbackScreen.tsx'));
const Auth = lazyScreen(() => import('../screens/auth/AuthScreen.tsx'));
const ResetPasswordRequest = lazyScreen(() => import('../screens/auth/ResetPasswordRequestScreen.tsx'));
const VerifyEmail = lazyScreen(() => import('../screens/auth/VerifyEmailScreen.tsx'));
const AuthAction = lazyScreen(() => import('../screens/AuthActionScreen.tsx'));
const Pricing = lazyScreen(() => import('../screens/payment/PricingScreen.tsx'));
const PaymentInfo = lazyScreen(() => import('../screens/payment/PaymentInfoScreen.tsx'));
const PaymentSuccess = lazyScreen(() => import('../screens/payment/PaymentSuccessScreen.tsx'));
const Community = lazyScreen(() => import('../screens/community/CommunityScreen.tsx'));
const Favorites = lazyScreen(() => import('../screens/community/FavoritesScreen.tsx'));
const Pods = lazyScreen(() => import('../screens/pods/PodsScreen.tsx'));
const Pod = lazyScreen(() => import('../screens/pods/PodRoute.tsx'));
const Profile = lazyScreen(() => import('../screens/profile/ProfileScreen.tsx'));
const ProfileView = lazyScreen(() => import('../screens/profile/ProfileViewScreen.tsx'));
const InterestsList = lazyScreen(() => import('../screens/profile/InterestsListScreen.tsx'));
const UserStory = lazyScreen(() => import('../screens/profile/UserStoryScreen.tsx'));
const Messages = lazyScreen(() => import('../screens/messages/MessagesScreen.tsx'));
const SettingsLayout = lazyScreen(() => import('../screens/settings/SettingsLayout.tsx'));
const UserInfo = lazyScreen(() => import('../screens/settings/UserInfoScreen.tsx'));
const ChangePassword = lazyScreen(() => import('../screens/settings/ChangePasswordScreen.tsx'));
const BlockedUsers = lazyScreen(() => import('../screens/settings/BlockedUsersScreen.tsx'));
const Notifications = lazyScreen(() => import('../screens/settings/NotificationsScreen.tsx'));
const Privacy = lazyScreen(() => import('../screens/settings/PrivacyScreen.tsx'));
const Account = lazyScreen(() => import('../screens/settings/AccountScreen.tsx'));
const NotFound = lazyScreen(() => import('../screens/NotFoundScreen.tsx'));

const member = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;

const page = (key: PageKey): PageHandle => ({ page: key });

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Home />, handle: page('home') },
      { path: '/index.html', element: <Home />, handle: page('home') },
      { path: '/auth', element: <Auth />, handle: page('auth') },
      { path: '/reset-password-request', element: <ResetPasswordRequest />, handle: page('resetPassword') },
      {
        path: '/verify-email',
        element: <RequireAuth allowUnverified>{<VerifyEmail />}</RequireAuth>,
        handle: page('verifyEmail'),
      },
      { path: '/auth-action', element: <AuthAction />, handle: page('authAction') },
      { path: '/my-story', element: <MyStory />, handle: page('myStory') },
      { path: '/how-it-works', element: <HowItWorks />, handle: page('howItWorks') },
      { path: '/pricing', element: <Pricing />, handle: page('pricing') },
      { path: '/privacy-policy', element: <PrivacyPolicy />, handle: page('privacyPolicy') },
      { path: '/faq', element: <Faq />, handle: page('faq') },
      { path: '/contact-us', element: <Contact />, handle: page('contact') },
      { path: '/feedback', element: <Feedback />, handle: page('feedback') },
      { path: '/community', element: <Community />, handle: page('community') },
      { path: '/profile', element: member(<Profile />), handle: page('profile') },
      { path: '/profile-view/:userId', element: member(<ProfileView />), handle: page('profileView') },
      { path: '/payment-info', element: member(<PaymentInfo />), handle: page('paymentInfo') },
      { path: '/payment-success', element: member(<PaymentSuccess />), handle: page('paymentSuccess') },
      { path: '/messages', element: member(<Messages />), handle: page('messages') },
      { path: '/favorites', element: member(<Favorites />), handle: page('favorites') },
      { path: '/pods', element: member(<Pods />), handle: page('pods') },
      { path: '/pods/:podId', element: member(<Pod />), handle: page('pod') },
      { path: '/interests-list', element: member(<InterestsList />), handle: page('interestsList') },
      { path: '/user-story', element: member(<UserStory />), handle: page('userStory') },
      {
        path: '/settings',
        element: member(<SettingsLayout />),
        handle: page('settings'),
        children: [
          { index: true, element: <Navigate to="/settings/user-info" replace /> },
          { path: 'user-info', element: <UserInfo /> },
          { path: 'change-password', element: <ChangePassword /> },
          { path: 'blocked-users', element: <BlockedUsers /> },
          { path: 'notifications', element: <Notifications /> },
          { path: 'privacy', element: <Privacy /> },
          { path: 'account', element: <Account /> },
          // Any other settings path is behind the sign-in too (SPEC: /settings/* is protected; issue 30.13):
          // a visitor goes to /auth, a member to the not-found page.
          { path: '*', element: <Navigate to="/not-found" replace /> },
        ],
      },
      { path: '/not-found', element: <NotFound />, handle: page('notFound') },
      { path: '*', element: <NotFound />, handle: page('notFound') },
    ],
  },
];
